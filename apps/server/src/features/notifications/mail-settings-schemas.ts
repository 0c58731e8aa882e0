import { mailSettings, mailTestBody } from '@rcm/shared/mail';
import { z } from 'zod';

export const mailSettingsResponse = { 200: z.object({ data: mailSettings }) };

export const mailTestSchema = {
  body: mailTestBody,
  response: { 200: z.object({ data: z.object({ sent: z.boolean(), error: z.string().nullable() }) }) },
};
