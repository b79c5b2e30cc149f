import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { strings } from '@/i18n/vi';
import { setMenuMode, useLayoutSettings } from '@/lib/layout-settings';
import { setColorMode, useColorMode } from '@/lib/theme/color-mode';

interface RadioSettingProps<V extends string> {
  labelId: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** Each choice's value and label, in order. */
  options: readonly (readonly [V, string])[];
}

/** One setting of the panel: its name above a group of radio buttons. */
function RadioSetting<V extends string>({
  labelId,
  label,
  value,
  onChange,
  options,
}: RadioSettingProps<V>) {
  return (
    <FormControl>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map(([option, optionLabel]) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={optionLabel} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The spec's config sidebar: menu mode (static or overlay) and colour mode, remembered. */
export function LayoutConfigPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { menuMode } = useLayoutSettings();
  const colorMode = useColorMode();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: 300, maxWidth: '90vw' } } }}
    >
      <Box sx={{ p: 2 }} data-testid="layout-config-panel">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
        >
          <Typography variant="h6" component="h2">
            {strings.layout.settingsTitle}
          </Typography>
          <IconButton aria-label={strings.common.close} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={3}>
          <RadioSetting
            labelId="menu-mode-label"
            label={strings.layout.menuMode}
            value={menuMode}
            onChange={setMenuMode}
            options={[
              ['static', strings.layout.menuModeStatic],
              ['overlay', strings.layout.menuModeOverlay],
            ]}
          />
          <RadioSetting
            labelId="color-mode-label"
            label={strings.layout.colorMode}
            value={colorMode}
            onChange={setColorMode}
            options={[
              ['light', strings.layout.colorModeLight],
              ['dark', strings.layout.colorModeDark],
            ]}
          />
        </Stack>
      </Box>
    </Drawer>
  );
}
