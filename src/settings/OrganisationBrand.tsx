/**
 * The organisation's logo and name, as the header and the login page show them; with no name of
 * its own set and no logo, the product's wordmark.
 */
import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME, useOrganisation } from './use-organisation';

export const OrganisationBrand = ({ size }: { size: 'header' | 'login' }) => {
  const { name, logo } = useOrganisation();
  const large = size === 'login';
  const word =
    name === PRODUCT_NAME ? (
      <>
        Field
        <Box component="span" sx={{ color: large ? 'secondary.main' : 'inherit' }}>
          base
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
          alt={`${name} logo`}
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
