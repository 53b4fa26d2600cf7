import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { QrRedeemRequest, QrRedeemResponse, QrValidateRequest, QrValidateResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { presentedCoupon } from './presented-coupon.js';
import { RedeemQrScanCommand } from './commands/redeem-qr-scan/redeem-qr-scan.command.js';
import { ValidateQrScanCommand } from './commands/validate-qr-scan/validate-qr-scan.command.js';

@Controller('qr')
export class QrController {
  constructor(private readonly commands: CommandBus) {}

  @Post('validate')
  @Endpoint({
    summary:
      "Check a member's coupon, scanned (userCouponId and qrCodeToken) or typed (its short code as code); logged. An invalid one answers {valid: false, message}",
    auth: 'admin',
    tags: ['qr'],
    body: QrValidateRequest,
    response: QrValidateResponse,
    errors: { 429: 'Too many wrong typed codes from this staff account; see retryAfter' },
  })
  validate(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrValidateRequest): Promise<QrValidateResponse> {
    return this.commands.execute(new ValidateQrScanCommand(admin.id, presentedCoupon(body)));
  }

  @Post('redeem')
  @Endpoint({
    summary: 'Redeem a scanned or typed coupon at the door (logged); the signed-in admin is recorded as validator',
    auth: 'admin',
    tags: ['qr'],
    body: QrRedeemRequest,
    response: QrRedeemResponse,
    errors: {
      404: 'The QR code or typed code is not valid',
      409: 'Already redeemed, expired, paused or no longer available',
      429: 'Too many wrong typed codes from this staff account; see retryAfter',
    },
  })
  redeem(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrRedeemRequest): Promise<QrRedeemResponse> {
    return this.commands.execute(new RedeemQrScanCommand(admin.id, presentedCoupon(body)));
  }
}
