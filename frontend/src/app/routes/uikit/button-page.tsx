import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { CopyButton, CopyIconButton } from '@/components/ui/copy-button';
import { RowActionButton, RowActions } from '@/components/ui/data-table/row-actions';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { uikit } from '@/i18n/vi/guide';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.button;
const nothing = () => undefined;

/** `/uikit/button`: the buttons the screens use, in the theme's colours. */
export function ButtonPage() {
  return (
    <UikitPage section="button">
      <DemoBlock title={t.variants}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Button variant="contained">{t.primary}</Button>
          <Button color="inherit">{t.secondary}</Button>
          <Button variant="outlined">{t.outlined}</Button>
          <Button variant="contained" color="error">
            {t.danger}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />}>
            {t.withIcon}
          </Button>
          <Button variant="contained" loading>
            {t.loading}
          </Button>
          <Button variant="contained" disabled>
            {t.disabled}
          </Button>
          <CopyButton text={t.copyText} />
        </Stack>
      </DemoBlock>
      <DemoBlock title={t.iconButtons}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <RowActions centered>
            <RowActionButton
              title={t.edit}
              label={t.edit}
              icon={<EditOutlined fontSize="small" />}
              onClick={nothing}
            />
            <RowActionButton
              title={t.remove}
              label={t.remove}
              icon={<DeleteOutlined fontSize="small" />}
              onClick={nothing}
              color="error"
            />
            <RowActionButton
              title={t.disabled}
              label={t.disabled}
              icon={<DeleteOutlined fontSize="small" />}
              onClick={nothing}
              disabled
            />
          </RowActions>
          <CopyIconButton text={t.copyText} label={uikit.button.outlined} />
          <ThemeToggle />
        </Stack>
      </DemoBlock>
    </UikitPage>
  );
}
