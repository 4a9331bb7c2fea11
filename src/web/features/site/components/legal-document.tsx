import { Container, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { legalDocuments, type LegalName } from '../content/legal'

// Legal texts exist in English and German; every other locale reads the English text.
export function LegalDocument({ name }: { name: LegalName }) {
  const { i18n } = useTranslation()
  const doc = legalDocuments[i18n.language === 'de' ? 'de' : 'en'][name]
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{doc.title}</Title>
          <Text size="sm" c="dimmed">{doc.updated}</Text>
        </Stack>
        <Text>{doc.intro}</Text>
        {doc.sections.map((section) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} fz="lg">{section.heading}</Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}
