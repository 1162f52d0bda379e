import {
  deskBundleActiveRequest,
  deskBundleCreate,
  deskBundleItemsRequest,
  deskBundleResponse,
  deskBundlesQuery,
  deskBundlesResponse,
  deskBundleUpdate,
} from './bundle-desk';
import { deskCoverRequest, deskIdParams, deskOfferFields } from './catalog-desk';
import { defineEndpoint } from './endpoint';

const tags = ['staff'];
const editors = { staff: ['editor'] } as const;

/** The back office's bundles desk (editors; docs/catalog-desk.md, "Bundles"). */
export const bundleDeskEndpoints = {
  bundles: defineEndpoint({
    method: 'GET',
    path: '/api/staff/bundles',
    tags,
    summary: 'Bundles, filtered (start of the title or id, kind, on sale) and sorted, a page at a time (keyset)',
    query: deskBundlesQuery,
    response: deskBundlesResponse,
    ...editors,
  }),
  bundle: defineEndpoint({
    method: 'GET',
    path: '/api/staff/bundles/:id',
    tags,
    summary: "A bundle's editable form: its fields, its titles in order, its price, whether it is on sale",
    params: deskIdParams,
    response: deskBundleResponse,
    ...editors,
  }),
  createBundle: defineEndpoint({
    method: 'POST',
    path: '/api/staff/bundles',
    tags,
    summary: 'A new bundle of books or of summaries, not on sale until it has its titles and a price',
    body: deskBundleCreate,
    response: deskBundleResponse,
    ...editors,
  }),
  updateBundle: defineEndpoint({
    method: 'PATCH',
    path: '/api/staff/bundles/:id',
    tags,
    summary: "Changes a bundle's title or description; members see it within seconds",
    params: deskIdParams,
    body: deskBundleUpdate,
    response: deskBundleResponse,
    ...editors,
  }),
  setBundleItems: defineEndpoint({
    method: 'POST',
    path: '/api/staff/bundles/:id/items',
    tags,
    summary: "A bundle's titles in the order its page shows them (books or summaries, as its kind), each once",
    params: deskIdParams,
    body: deskBundleItemsRequest,
    response: deskBundleResponse,
    ...editors,
  }),
  setBundleActive: defineEndpoint({
    method: 'POST',
    path: '/api/staff/bundles/:id/active',
    tags,
    summary: 'Puts a bundle on sale (it needs its titles and a price) or takes it off',
    params: deskIdParams,
    body: deskBundleActiveRequest,
    response: deskBundleResponse,
    ...editors,
  }),
  setBundleCover: defineEndpoint({
    method: 'POST',
    path: '/api/staff/bundles/:id/cover',
    tags,
    summary: "A bundle's cover from a finished `cover` upload, cut square to the sizes pages show (WebP)",
    params: deskIdParams,
    body: deskCoverRequest,
    response: deskBundleResponse,
    ...editors,
  }),
  saveBundleOffer: defineEndpoint({
    method: 'POST',
    path: '/api/staff/bundles/:id/offer',
    tags,
    summary: "Sets a bundle's terms (its one offer on sale is changed, or made); members see it at once",
    params: deskIdParams,
    body: deskOfferFields,
    response: deskBundleResponse,
    ...editors,
  }),
  stopBundleOffer: defineEndpoint({
    method: 'DELETE',
    path: '/api/staff/bundles/:id/offer',
    tags,
    summary: 'Stops selling a bundle that is not on sale (what members bought stays theirs)',
    params: deskIdParams,
    response: deskBundleResponse,
    ...editors,
  }),
};
