import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoginBodySchema } from '@agroselo/contracts';

// Loaded on demand by the login page (lib/lazy-resolver): zod stays off its first load.
const LoginFormSchema = LoginBodySchema.extend({ remember: z.boolean() });
export type LoginForm = z.infer<typeof LoginFormSchema>;
export const loginResolver = zodResolver(LoginFormSchema);
