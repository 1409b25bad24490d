import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LazyNotifications } from './lazy-notifications';

describe('LazyNotifications', () => {
  it('mounts the stack on the first notification and shows the one given before it loaded', async () => {
    renderWithProviders(<LazyNotifications />);
    expect(screen.queryByText('Dados salvos.')).not.toBeInTheDocument();
    act(() => {
      notifications.show({ message: 'Dados salvos.' });
    });
    expect(await screen.findByText('Dados salvos.')).toBeInTheDocument();
  });
});
