import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CountBadge, formatCount } from './count-badge';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('%i → %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe('CountBadge', () => {
  it('shows nothing at zero and the formatted count above', () => {
    const { container, rerender } = renderWithProviders(<CountBadge count={0} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
    rerender(<CountBadge count={120} label="pendentes" />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('pendentes')).toBeInTheDocument();
  });
});
