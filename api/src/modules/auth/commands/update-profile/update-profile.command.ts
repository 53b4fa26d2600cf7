import { Command } from '@nestjs/cqrs';
import type { UpdateProfileRequest, User } from '@nocturne/contracts';

export class UpdateProfileCommand extends Command<User> {
  constructor(
    readonly memberId: string,
    readonly input: UpdateProfileRequest,
  ) {
    super();
  }
}
