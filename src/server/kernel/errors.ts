import { Code, type CodeValue, defaultMessage } from '../../shared/codes.ts';

/**
 * Domain errors, thrown by services, stores, jobs and connectors alike; the HTTP layer's envelope writer turns
 * them into answers, the CLI prints their message.
 */

/** A failure with a code from the one table (src/shared/codes.ts) and a Chinese message a person can act on. */
export class AppError extends Error {
  readonly code: CodeValue;
  readonly data: unknown;
  constructor(code: CodeValue, msg?: string, data: unknown = null) {
    super(msg ?? defaultMessage[code]);
    this.code = code;
    this.data = data;
  }
}

export const invalid = (msg: string, data: unknown = null) => new AppError(Code.invalidInput, msg, data);
export const notFound = (msg?: string) => new AppError(Code.notFound, msg);
export const forbidden = (msg?: string) => new AppError(Code.forbidden, msg);
export const loginExpired = () => new AppError(Code.loginExpired);
