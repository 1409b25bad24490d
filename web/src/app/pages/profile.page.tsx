import { ProfilePage } from '../../features/profile/profile.page';
import { PROFILE_PAGE_SIZE } from '../../features/profile/page-size';
import { ProducerProperties } from '../../features/properties/components/producer-properties';
import { PublicationConsents } from '../../features/registry/components/publication-consents';

/**
 * /profile: the profile feature's page with the sections of the properties and registry features
 * in it. Features never import each other; the app composes them.
 */
export function Profile() {
  return (
    <ProfilePage
      properties={<ProducerProperties pageSize={PROFILE_PAGE_SIZE} />}
      publicationConsents={<PublicationConsents />}
    />
  );
}
