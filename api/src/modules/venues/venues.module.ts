import { Global, Module } from '@nestjs/common';
import { ListVenueChoicesHandler } from './queries/list-venue-choices/list-venue-choices.handler.js';
import { StaffVenues } from './staff-venues.service.js';
import { VenueChoicesController } from './venue-choices.controller.js';
import { VenueDirectory } from './venue-directory.service.js';

/** The group's venues (PRODUCT.md §Venues): every module reads a venue's zone, hours and inbox here. */
@Global()
@Module({
  controllers: [VenueChoicesController],
  providers: [VenueDirectory, StaffVenues, ListVenueChoicesHandler],
  exports: [VenueDirectory, StaffVenues],
})
export class VenuesModule {}
