import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { RegisterFormSchema } from '@agroselo/contracts';

// Loaded on demand by the sign-up page (lib/lazy-resolver): zod stays off its first load.
export type RegisterFormOutput = z.output<typeof RegisterFormSchema>;
export const registerResolver = zodResolver(RegisterFormSchema);
