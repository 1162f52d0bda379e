import { accountEndpoints } from './account.endpoints';
import { analyticsEndpoints } from './analytics.endpoints';
import { bundleDeskEndpoints } from './bundle-desk.endpoints';
import { catalogDeskEndpoints } from './catalog-desk.endpoints';
import { catalogImportEndpoints } from './catalog-import.endpoints';
import { catalogEndpoints } from './catalog.endpoints';
import { codesEndpoints } from './codes.endpoints';
import { collectionsDeskEndpoints } from './collections-desk.endpoints';
import { ebookEndpoints } from './ebook.endpoints';
import type { Endpoint } from './endpoint';
import { identityEndpoints } from './identity.endpoints';
import { libraryEndpoints } from './library.endpoints';
import { mediaEndpoints } from './media.endpoints';
import { billingEndpoints, checkoutEndpoints } from './money.endpoints';
import { notificationsEndpoints } from './notifications.endpoints';
import { peopleDeskEndpoints } from './people-desk.endpoints';
import { podcastFeedEndpoints, podcastsEndpoints } from './podcasts.endpoints';
import { searchEndpoints } from './search.endpoints';
import { staffEndpoints } from './staff.endpoints';
import { subscribeEndpoints, subscriptionEndpoints, unitelEndpoints } from './subscriptions.endpoints';
import { systemEndpoints } from './system.endpoints';
import { uploadsEndpoints } from './uploads.endpoints';

/**
 * Every endpoint of the API, for the checks that go through all of them (each has its route,
 * each back-office route refuses the roles it does not name). Not for the web bundle.
 */
export const allEndpoints: readonly Endpoint[] = [
  systemEndpoints,
  identityEndpoints,
  accountEndpoints,
  catalogEndpoints,
  bundleDeskEndpoints,
  catalogDeskEndpoints,
  catalogImportEndpoints,
  collectionsDeskEndpoints,
  peopleDeskEndpoints,
  searchEndpoints,
  podcastsEndpoints,
  podcastFeedEndpoints,
  checkoutEndpoints,
  billingEndpoints,
  analyticsEndpoints,
  libraryEndpoints,
  ebookEndpoints,
  mediaEndpoints,
  notificationsEndpoints,
  subscriptionEndpoints,
  subscribeEndpoints,
  unitelEndpoints,
  codesEndpoints,
  staffEndpoints,
  uploadsEndpoints,
].flatMap((group) => Object.values(group));
