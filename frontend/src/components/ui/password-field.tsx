import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { strings } from '@/i18n/vi';

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A password TextField with a show/hide button. Never a `maxLength`: the browser would cut a
 * longer password silently and a password manager would keep one that does not work; the
 * form's schema shows the length rule instead.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ slotProps, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    const toggleLabel = visible ? strings.common.hidePassword : strings.common.showPassword;
    return (
      <TextField
        {...props}
        inputRef={ref}
        type={visible ? 'text' : 'password'}
        slotProps={{
          ...slotProps,
          htmlInput: { autoCapitalize: 'none', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={toggleLabel}
                  onClick={() => setVisible((v) => !v)}
                >
                  {visible ? (
                    <VisibilityOffOutlined fontSize="small" />
                  ) : (
                    <VisibilityOutlined fontSize="small" />
                  )}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    );
  },
);
