import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replicaReads } from '@nocturne/db';
import { catchError, from, lastValueFrom, map, mergeMap, Observable } from 'rxjs';
import { ReplicaRouter } from '#infrastructure/versions/replica-router.js';
import { ResourceVersions } from '#infrastructure/versions/resource-versions.js';
import { preparedBody } from '#infrastructure/web/compress-answers.js';
import { ENDPOINT_METADATA, type EndpointSpec } from './endpoint.decorator.js';
import { SharedAnswers } from './shared-answers.js';

/**
 * Thrown (not an Error: no stack to build on the hottest path) when the client already holds the
 * answer; HttpExceptionFilter turns it into an empty 304.
 */
export class NotModified {
  constructor(readonly etag: string) {}
}

/** Weak comparison (RFC 9110 13.1.2): `W/` is ignored, `*` matches any current answer. */
function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  const values = Array.isArray(header) ? header.join(',') : header;
  return values.split(',').some((value) => {
    const candidate = value.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === wanted;
  });
}

/** The headers every conditional answer carries, 200 or 304. */
export function conditionalHeaders(reply: FastifyReply, etag: string | null): void {
  void reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
  if (etag) void reply.header('etag', etag);
}

/**
 * Conditional GETs for the routes whose `@Endpoint` declares `conditional` scopes. Runs after the
 * auth guard (which resolves the session from memory while the versions are live) and before any
 * pipe or handler, so a 304 reads nothing from PostgreSQL. The ETag is computed before the handler
 * runs: a change committed while the handler reads is in a later version, so the next poll gets it.
 * An endpoint that declares `share` has its answer kept under that ETag (SharedAnswers).
 */
@Injectable()
export class ConditionalGetInterceptor implements NestInterceptor {
  constructor(
    private readonly versions: ResourceVersions,
    private readonly replica: ReplicaRouter,
    private readonly shared: SharedAnswers,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const conditional = (Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as EndpointSpec | undefined)?.conditional;
    if (!conditional) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    const memberId = request.member?.id;
    const scopes = conditional.scopes.map((scope) => scope.replace('{me}', memberId ?? '-'));
    const reply = http.getResponse<FastifyReply>();
    const answer = (): Observable<unknown> => {
      const now = Date.now();
      const period = conditional.everySeconds ? conditional.everySeconds * 1000 : 0;
      const clock = period ? String(Math.floor(now / period)) : '';
      const etag = this.versions.etag(request.url, memberId, scopes, clock);
      if (etag && etagMatches(request.headers['if-none-match'], etag)) throw new NotModified(etag);
      conditionalHeaders(reply, etag);
      // Kept until the clock moves on: after that nobody asks under this ETag again.
      if (conditional.share && etag)
        return from(
          this.shared.answer(etag, () => lastValueFrom(next.handle()), period ? period - (now % period) : undefined),
        ).pipe(map((prepared) => preparedBody(request, reply, prepared)));
      return this.handled(next, conditional, scopes);
    };
    // A shared answer (SharedAnswers: built once, sent as the same bytes) may have been built
    // before this request came: the versions first take in every change committed before it came,
    // so the ETag it is asked under, and the answer kept under that ETag, are never older than it.
    return conditional.share ? from(this.versions.caughtUp()).pipe(mergeMap(answer)) : answer();
  }

  /** The handler's answer, read from the replica where the endpoint allows it and the replica holds its scopes' versions. */
  private handled(
    next: CallHandler,
    conditional: NonNullable<EndpointSpec['conditional']>,
    scopes: string[],
  ): Observable<unknown> {
    if (!conditional.replica || !this.replica.enabled) return next.handle();
    // Decided right after the ETag, from the same versions: the replica must hold at least them.
    return from(this.replica.useReplica(scopes)).pipe(
      mergeMap((useReplica) =>
        useReplica
          ? // Subscribed inside the scope (as RequestCorrelationInterceptor does), so the handler's reads see it.
            new Observable<unknown>((subscriber) => replicaReads.run(true, () => next.handle().subscribe(subscriber))).pipe(
              // The replica went away under the read: the same read-only handler again, on the primary.
              catchError((error: unknown) => {
                if (error instanceof HttpException) throw error;
                this.replica.failed(error);
                // Outside the replica's scope (this callback runs inside it), so `db(em)` takes the primary.
                return new Observable<unknown>((subscriber) => replicaReads.exit(() => next.handle().subscribe(subscriber)));
              }),
            )
          : next.handle(),
      ),
    );
  }
}
