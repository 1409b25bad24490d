import { z } from 'zod';

// Messages zod writes itself (unknown keys, wrong types) in Portuguese too.
z.config(z.locales.pt());

export * from './common';
export * from './enums';
export * from './messages';
export * from './auth';
export * from './users';
export * from './properties';
export * from './seals';
export * from './notifications';
export * from './instances';
export * from './rules/documents';
export * from './rules/email';
export * from './rules/password';
