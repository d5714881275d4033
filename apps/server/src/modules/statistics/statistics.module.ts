export {
  directionsRefreshJob,
  directionsRefreshSeconds,
  refreshDirections,
  refreshStatistics,
  statisticsRefreshJob,
  statisticsRefreshSeconds,
} from './statistics.refresh';
export { statisticsRoutes } from './statistics.routes';
