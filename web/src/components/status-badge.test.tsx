import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InstanceStatus } from '@agroselo/contracts';
import { renderWithProviders } from '../../test/render';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    [InstanceStatus.FINISHED, 'Finalizado'],
    [InstanceStatus.PENDING, 'Pendente'],
    [InstanceStatus.REJECTED, 'Rejeitado'],
    [InstanceStatus.ONGOING, 'Em Andamento'],
    [InstanceStatus.PRODUCER_PENDING, 'Aguardando produtor'],
  ])('labels status %i as %s', (status, label) => {
    renderWithProviders(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('carries no icon when finished, and one otherwise (spec §4)', () => {
    const { container, rerender } = renderWithProviders(
      <StatusBadge status={InstanceStatus.FINISHED} />,
    );
    expect(container.querySelector('svg')).toBeNull();
    rerender(<StatusBadge status={InstanceStatus.REJECTED} />);
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('can show another label, keeping the status as its title', () => {
    renderWithProviders(<StatusBadge status={InstanceStatus.ONGOING}>Selo Arroz RS</StatusBadge>);
    expect(screen.getByText('Selo Arroz RS').closest('[title]')).toHaveAttribute(
      'title',
      'Em Andamento',
    );
  });
});
