import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './http-exception.filter.js';

const MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  408: 'The request took too long to arrive.',
  431: 'The request headers (or its address) are too large.',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KiB, a
 * malformed request line) are answered in the one error shape too, never with Fastify's own.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(status, MESSAGES[status]!));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
