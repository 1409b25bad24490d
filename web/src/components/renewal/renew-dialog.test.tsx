import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { wireDetail } from '../../features/instances/test-data';
import { RenewButton } from './renew-button';

afterEach(() => vi.unstubAllGlobals());

const previous = wireDetail();
const renewal = wireDetail({ id: '0190a3c2-7b1e-7c3a-9f1e-0000000000f1' });
const PROCESS_ID = '0190a3c2-7b1e-7c3a-9f1e-0000000000c1';

/** The property page's part: the button shows while the property offers the renewal. */
function Offer() {
  const property = useQuery({
    queryKey: ['property', 'offer'],
    queryFn: () => fetch('/api/offer').then((response) => response.json() as Promise<boolean>),
  });
  return property.data ? (
    <RenewButton
      instanceId={previous.id}
      propertyId={previous.business.id}
      offer={{ processId: PROCESS_ID, safra: '2027/28' }}
    />
  ) : null;
}

describe('RenewDialog', () => {
  it('opens the new request even as the refreshed property stops offering the renewal', async () => {
    let offered = true;
    mockFetch({
      'GET /api/offer': () => json(offered),
      // Last season's instance answers its refresh late: the property, refreshed at once, has
      // dropped the offer (and with it the dialog) by the time the request's step ends.
      [`GET /api/process-instance/${previous.id}`]: () =>
        offered
          ? json(previous)
          : new Promise<Response>((resolve) => setTimeout(() => resolve(json(previous)), 300)),
      [`PUT /api/process/${PROCESS_ID}/request`]: () => {
        offered = false;
        return json(renewal);
      },
      [`GET /api/process-instance/${renewal.id}`]: json(renewal),
    });
    renderWithProviders(
      <>
        <Offer />
        <LocationProbe />
      </>,
      { route: `/property/${previous.business.id}` },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Renovar para a safra 2027/28' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Solicitar renovação' }));
    expect(await screen.findByText(`/producer-details/${renewal.id}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Renovar para a safra/ })).toBeNull();
  });
});
