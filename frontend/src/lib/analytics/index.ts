export {
  GTAG_SCRIPT_ID,
  isMeasurementId,
  loadGoogleAnalytics,
  pageViewParams,
  trackPageView,
} from './google-analytics';
export { useGoogleAnalytics } from './use-google-analytics';
