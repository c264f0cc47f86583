import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './accounts';
import { requiredString } from './schema-helpers';

export interface AdminData {
  noticeboard: string;
}

export const noticeboardSchema = z.object({
  text: z.string({ error: 'validation:wrongType' }).max(20_000, { error: 'validation:tooLong' }).nullish().transform((v) => v ?? ''),
});

const nameSchema = requiredString('validation:nameRequired').trim().min(1, { error: 'validation:nameRequired' }).max(200, { error: 'validation:tooLong' });

export const registerUserSchema = z.object({ email: emailSchema, name: nameSchema });
export type RegisterUserRequest = z.input<typeof registerUserSchema>;

export const registerBotSchema = z.object({ email: emailSchema, name: nameSchema, password: newPasswordSchema });
export type RegisterBotRequest = z.input<typeof registerBotSchema>;
