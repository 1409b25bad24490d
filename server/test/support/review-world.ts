import { createProperty, createUser } from '../../src/db/seed/factories';
import type { TestApp } from './test-app';

/**
 * The people the review tests act as, and the owner's farm: an admin, the technician who takes
 * the instances, another technician, one who is the farm's responsible technician (a conflict of
 * interest), the owner and another producer.
 */
export async function reviewWorld(t: TestApp) {
  const admin = await createUser(t.db, {
    role: 'admin',
    firstName: 'Helena',
    lastName: 'Schneider',
  });
  const technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Ana',
    lastName: 'Becker',
    crea: '00000001827364',
  });
  const otherTechnician = await createUser(t.db, { role: 'technician', crea: '00000007654321' });
  const conflicted = await createUser(t.db, { role: 'technician', crea: '00000005554443' });
  const owner = await createUser(t.db, { role: 'owner', firstName: 'Sérgio', lastName: 'Antunes' });
  const otherOwner = await createUser(t.db, { role: 'owner' });
  const farm = await createProperty(t.db, { owner, responsibleTechnicianCrea: '5554443' });
  return { admin, technician, otherTechnician, conflicted, owner, otherOwner, farm };
}

export type ReviewWorld = Awaited<ReturnType<typeof reviewWorld>>;
