/**
 * The organisation's logo and name, as the header and the login page show them; with no name of
 * its own set and no logo, the product's wordmark.
 */
import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME, useOrganisation } from './use-organisation';
import { useT } from '../i18n/use-t';

/** The product's wordmark (PRODUCT_NAME), its second half in the accent colour: a name, the same in every language. */
const WORDMARK = { head: 'Field', tail: 'base' };

export const OrganisationBrand = ({ size }: { size: 'header' | 'login' }) => {
  const t = useT();
  const { name, logo } = useOrganisation();
  const large = size === 'login';
  const word =
    name === PRODUCT_NAME ? (
      <>
        {WORDMARK.head}
        <Box component="span" sx={{ color: large ? 'secondary.main' : 'inherit' }}>
          {WORDMARK.tail}
        </Box>
      </>
    ) : (
      name
    );
  return (
    // A phone's header keeps its room for the breadcrumb: the brand shows from 600 px up.
    <Box
      sx={{ display: large ? 'flex' : { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: large ? 1.5 : 1, minWidth: 0 }}
      data-testid="organisation-brand"
    >
      {logo && (
        <Box
          component="img"
          src={logo}
          alt={t('app.people.settings.brand_logo', { name })}
          sx={{ height: large ? 56 : 32, maxWidth: large ? 200 : 96, objectFit: 'contain', borderRadius: 1 }}
        />
      )}
      <Typography
        variant={large ? 'h4' : 'subtitle1'}
        component="span"
        noWrap
        sx={{
          fontWeight: large ? 800 : 700,
          letterSpacing: large ? '-0.02em' : undefined,
          display: large ? 'block' : { xs: 'none', md: 'block' },
        }}
      >
        {word}
      </Typography>
    </Box>
  );
};
