import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { isSessionContext } from '../auth/guard.ts';
import type { FeatureContext } from '../context.ts';
import { reportRoutes } from './routes.ts';

/** The reports, as pages or as CSV and PDF exports. */
export function reportsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { reauth } = ctx.shared;
  return reportRoutes({
    db: ctx.db,
    audit: ctx.audit,
    now: ctx.now,
    // A HACCP signature spends a proof made for a signature, by the signer's own session.
    spendSignatureProof: (caller, token, tx) => {
      if (!isSessionContext(caller)) throw new AppError(403, 'token_cannot_sign');
      return reauth.spendForSignature(caller, token, tx);
    },
  });
}
