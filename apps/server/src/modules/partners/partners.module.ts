export { insertPartnerSystem } from './partners.repository';
export { partnersRoutes } from './partners.routes';
export { partnerSystems } from './partners.table';
