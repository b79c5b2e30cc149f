import Typography from '@mui/material/Typography';
import RevenueChart from '@/features/dashboard/components/revenue-chart';
import { uikit } from '@/i18n/vi/guide';
import { sampleRevenue } from './sample-data';
import { DemoBlock, SampleBadge, UikitPage } from './uikit-frame';

const points = sampleRevenue();

/** `/uikit/charts`: the dashboard's revenue chart over sample days, labelled as such. */
export function ChartsPage() {
  return (
    <UikitPage section="charts">
      <DemoBlock title={uikit.charts.title} testId="demo-chart">
        <Typography
          variant="body2"
          color="text.secondary"
          component="div"
          sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center' }}
        >
          <SampleBadge />
          {uikit.charts.help}
        </Typography>
        <RevenueChart points={points} />
      </DemoBlock>
    </UikitPage>
  );
}
