// Every Mantine style, loaded with the area layouts and the pages outside the public set
// (./public-styles.ts has the reason). The rules the public set already loaded come again, unchanged.
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/charts/styles.css'
