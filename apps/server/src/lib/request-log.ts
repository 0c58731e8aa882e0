import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per request, at debug: method, URL, status and time. Fastify's own two lines per request
 * at info filled the log with every dashboard poll and device post; errors still log as errors.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request');
  }
}
