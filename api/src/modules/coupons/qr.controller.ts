import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { endpoints, QrRedeemRequest, QrRedeemResponse, QrValidateRequest, QrValidateResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { presentedCoupon } from './presented-coupon.js';
import { RedeemQrScanCommand } from './commands/redeem-qr-scan/redeem-qr-scan.command.js';
import { ValidateQrScanCommand } from './commands/validate-qr-scan/validate-qr-scan.command.js';

@Controller()
export class QrController {
  constructor(private readonly commands: CommandBus) {}

  @Endpoint(endpoints.validateCode)
  validate(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrValidateRequest): Promise<QrValidateResponse> {
    return this.commands.execute(new ValidateQrScanCommand(admin.id, presentedCoupon(body), admin.role));
  }

  @Endpoint(endpoints.redeemCode)
  redeem(@CurrentMember() admin: AuthenticatedMember, @ValidBody() body: QrRedeemRequest): Promise<QrRedeemResponse> {
    return this.commands.execute(new RedeemQrScanCommand(admin.id, presentedCoupon(body)));
  }
}
