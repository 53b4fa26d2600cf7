import { HttpException } from '@nestjs/common';

/** Auth answers keep SPEC's `{success: false, message}` alongside the usual error fields. */
export class AuthFailure extends HttpException {
  constructor(status: number, message: string) {
    super({ success: false, message }, status);
  }
}
