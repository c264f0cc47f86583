import { Anchor, Container, Divider, Text } from '@mantine/core';
import { Trans } from 'react-i18next';

export function Footer() {
  return (
    <footer>
      <Divider />
      <Container size="lg" py="lg">
        <Text size="sm" c="dimmed" ta="center">
          <Trans
            i18nKey="footer.credit"
            components={{ 1: <Anchor href="https://github.com/zblesk/obskurnee" target="_blank" rel="noopener noreferrer" underline="always" /> }}
          />{' '}
          <Trans
            i18nKey="footer.icons"
            components={{ 1: <Anchor href="https://tabler.io/icons" target="_blank" rel="noopener noreferrer" underline="always" /> }}
          />
        </Text>
      </Container>
    </footer>
  );
}
