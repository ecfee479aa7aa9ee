import { AnnouncementBar } from './AnnouncementBar.js'
import { ColorModeToggle } from './ColorModeToggle.js'
import { NavbarDropdown } from './NavbarDropdown.js'
import { MobileMenuToggle } from './MobileMenuToggle.js'
import { ApiExplorer } from './ApiExplorer.js'
import { Search } from './Search.js'

/** The single list of islands: the server renders them, the client hydrates them by name. */
export const islands = {
  AnnouncementBar,
  ColorModeToggle,
  NavbarDropdown,
  MobileMenuToggle,
  ApiExplorer,
  Search,
}
export type IslandName = keyof typeof islands
