/**
 * Every route of the spec (§2) as a builder. Ids are UUIDs, so they need no encoding; passing
 * the `:param` name gives the router pattern: `paths.property(':propertyId')`.
 */
export const paths = {
  home: () => '/',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  /** The code of 'Esqueci minha senha' and a new password; `email` fills in the address. */
  resetPassword: (email?: string) =>
    email ? `/reset-password?email=${encodeURIComponent(email)}` : '/reset-password',
  register: () => '/register',
  verificationCode: () => '/verification-code',
  profile: () => '/profile',
  profileProperties: () => '/profile#properties',
  registerProperty: () => '/register-property',
  editProperty: (propertyId: string) => `/edit-property/${propertyId}`,
  properties: () => '/properties',
  property: (propertyId: string) => `/property/${propertyId}`,
  requestProcess: (processId: string) => `/request-process/${processId}`,
  producerDetails: (processInstanceId: string) => `/producer-details/${processInstanceId}`,
  formInstance: (processInstanceId: string, formInstanceId: string) =>
    `/producer-details/${processInstanceId}/form-instance/${formInstanceId}`,
  processInstances: () => '/process-instances',
  pendings: () => '/pendings',
  users: () => '/users',
  reports: () => '/reports',
  workload: () => '/workload',
  stamps: () => '/stamps',
  process: () => '/process',
  newProcess: () => '/process/new',
  registerForm: (processId: string) => `/process/${processId}/form/register`,
  processFields: (processId: string) => `/process/${processId}/fields`,
  formFields: (processId: string, formId: string) => `/process/${processId}/form/${formId}/fields`,
  /** Public verification of a certificate: the search box, or one number (the QR code's link). */
  verify: (number?: string) => (number ? `/verificar/${number}` : '/verificar'),
  /** The public registry of certificates, searchable and filterable. */
  registry: () => '/certificados',
  privacy: () => '/privacidade',
  terms: () => '/termos',
} as const;
