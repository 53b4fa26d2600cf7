import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { QrRedeemRequest, QrRedeemResponse, QrValidateRequest, QrValidateResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { CurrentMember } from '../auth/current-member.decorator.js';
import type { AuthenticatedMember } from '../auth/session.service.js';
import { RedeemQrScanCommand } from './commands/redeem-qr-scan/redeem-qr-scan.command.js';
import { ValidateQrScanCommand } from './commands/validate-qr-scan/validate-qr-scan.command.js';

@Controller('qr')
export class QrController {
  constructor(private readonly commands: CommandBus) {}

  @Post('validate')
  @Endpoint({
    summary: "Check a scanned member QR code (logged); an invalid code answers {valid: false, message}",
    auth: 'admin',
    tags: ['qr'],
    body: QrValidateRequest,
    response: QrValidateResponse,
  })
  validate(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrValidateRequest): Promise<QrValidateResponse> {
    return this.commands.execute(new ValidateQrScanCommand(admin.id, body.userCouponId, body.qrCodeToken));
  }

  @Post('redeem')
  @Endpoint({
    summary: 'Redeem a scanned coupon at the door (logged); the signed-in admin is recorded as validator',
    auth: 'admin',
    tags: ['qr'],
    body: QrRedeemRequest,
    response: QrRedeemResponse,
    errors: { 404: 'The QR code is not valid', 409: 'Already redeemed, expired or no longer available' },
  })
  redeem(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrRedeemRequest): Promise<QrRedeemResponse> {
    return this.commands.execute(new RedeemQrScanCommand(admin.id, body.userCouponId, body.qrCodeToken));
  }
}
