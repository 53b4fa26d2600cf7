import { Global, Module } from '@nestjs/common';
import { ListVenueChoicesHandler } from './queries/list-venue-choices/list-venue-choices.handler.js';
import { StaffVenues } from './staff-venues.service.js';
import { VenueChoicesController } from './venue-choices.controller.js';
import { CreateVenueHandler } from './commands/create-venue/create-venue.handler.js';
import { SetVenueArchivedHandler } from './commands/set-venue-archived/set-venue-archived.handler.js';
import { UpdateVenueHandler } from './commands/update-venue/update-venue.handler.js';
import { ListAdminVenuesHandler } from './queries/list-admin-venues/list-admin-venues.handler.js';
import { ListVenuesHandler } from './queries/list-venues/list-venues.handler.js';
import { VenueDirectory } from './venue-directory.service.js';
import { VenueWrites } from './venue-writes.js';
import { VenuesController } from './venues.controller.js';
import { VenuesRepository } from './venues.repository.js';

/**
 * The group's venues (PRODUCT.md §12): every module reads a venue's zone, hours and inbox here;
 * admins add, edit and archive venues through the Venues screen.
 */
@Global()
@Module({
  controllers: [VenuesController, VenueChoicesController],
  providers: [
    VenueDirectory,
    StaffVenues,
    ListVenueChoicesHandler,
    VenuesRepository,
    VenueWrites,
    CreateVenueHandler,
    UpdateVenueHandler,
    SetVenueArchivedHandler,
    ListVenuesHandler,
    ListAdminVenuesHandler,
  ],
  exports: [VenueDirectory, StaffVenues],
})
export class VenuesModule {}
