import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { ImageUploadField } from '@/components/image-upload/image-upload-field';
import { IMAGES } from '@/config/paths';
import { ProductCard } from '@/features/catalogue/components/product-card';
import { strings } from '@/i18n/vi';
import { uikit } from '@/i18n/vi/guide';
import { sampleCatalogue } from './sample-data';
import { DemoBlock, UikitPage } from './uikit-frame';

const t = uikit.media;
const [card] = sampleCatalogue();

/** `/uikit/media`: the product image as the storefront and the tables show it, and its upload field. */
export function MediaPage() {
  const [imageUrl, setImageUrl] = useState<string | null>(IMAGES.logo);
  return (
    <UikitPage section="media">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <DemoBlock title={t.productImage}>
            {card && <ProductCard product={{ ...card, imageUrl }} />}
          </DemoBlock>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <DemoBlock title={t.upload}>
            <Stack spacing={2}>
              <Alert severity="info">{t.uploadNote}</Alert>
              <ImageUploadField
                label={strings.products.form.image}
                value={imageUrl}
                onChange={setImageUrl}
                testId="demo-image"
              />
            </Stack>
          </DemoBlock>
        </Grid>
      </Grid>
      <DemoBlock title={t.thumbs}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={imageUrl ?? undefined}
            alt={t.productImage}
            sx={{ width: 48, height: 48, bgcolor: 'action.hover' }}
          >
            <ImageOutlined titleAccess={strings.products.noImage} />
          </Avatar>
          <Avatar
            variant="rounded"
            alt={strings.products.noImage}
            sx={{ width: 48, height: 48, bgcolor: 'action.hover', color: 'text.disabled' }}
          >
            <ImageOutlined titleAccess={strings.products.noImage} />
          </Avatar>
          <Box
            component="img"
            src={IMAGES.logo}
            alt={strings.app.logoAlt}
            sx={{ width: 32, height: 32 }}
          />
        </Stack>
      </DemoBlock>
    </UikitPage>
  );
}
