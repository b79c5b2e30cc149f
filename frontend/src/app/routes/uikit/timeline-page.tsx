import Typography from '@mui/material/Typography';
import { TimelineSection } from '@/features/orders/components/order-detail-sections';
import { uikit } from '@/i18n/vi/guide';
import { sampleOrder } from './sample-data';
import { SampleBadge, UikitPage } from './uikit-frame';

const order = sampleOrder();

/** `/uikit/timeline`: the order detail's timeline over a sample order. */
export function TimelinePage() {
  return (
    <UikitPage section="timeline">
      <Typography
        variant="body2"
        color="text.secondary"
        component="div"
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <SampleBadge />
        {uikit.timeline.help}
      </Typography>
      <TimelineSection order={order} />
    </UikitPage>
  );
}
