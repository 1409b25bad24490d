/**
 * The demo producer's pages the server renders (web/src/prerender.tsx SIGNED_IN_PATTERNS): the
 * profile, the first property with a started instance, that instance and its first form instance.
 * `get` reads the API as the producer: the journeys and the Lighthouse bench each bring theirs.
 */
export async function demoProducerPages(get: <T>(url: string) => Promise<T>) {
  const properties =
    await get<{ id: string; process_instances: { id: string }[] }[]>('/api/property/all');
  for (const property of properties)
    for (const instance of property.process_instances) {
      const detail = await get<{ form_instances: { id: string }[] }>(
        `/api/process-instance/${instance.id}`,
      );
      const form = detail.form_instances[0];
      if (form)
        return {
          profile: '/profile',
          property: `/property/${property.id}`,
          instance: `/producer-details/${instance.id}`,
          form: `/producer-details/${instance.id}/form-instance/${form.id}`,
        };
    }
  throw new Error('the demo producer has no started instance with forms');
}
