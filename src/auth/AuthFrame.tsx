/** The frame of the signed-out screens: brand, a card, and the footer line (spec 1 §1). */
import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { OrganisationBrand } from '../settings/OrganisationBrand';
import { useT } from '../i18n/use-t';
import { OrganisationLanguage } from './OrganisationLanguage';

export const AuthFrame = ({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) => {
  const t = useT();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
      }}
    >
      <OrganisationLanguage />
      <Box sx={{ mb: 3 }}>
        <OrganisationBrand size="login" />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={2}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" gutterBottom sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        {t('app.auth.footer')}
      </Typography>
    </Box>
  );
};

/** The submit button and the way back, shared by the signed-out forms. */
export const AuthFormFooter = ({ label, disabled }: { label: string; disabled: boolean }) => {
  const t = useT();
  return (
    <>
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 1 }} disabled={disabled}>
        {label}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2, textAlign: 'center' }}>
        {t('app.auth.back_to_login')}
      </Link>
    </>
  );
};
