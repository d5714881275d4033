export { openapiRoutes } from './openapi.routes';
