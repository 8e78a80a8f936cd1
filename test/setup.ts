// Tests run the TypeScript sources, where the settings cache cannot require() the
// compiled schema module: it is handed the source one instead (src/game/settings-cache.ts).
import { parseSettings } from '../src/game/settings.js';
import { useSettingsParser } from '../src/game/settings-cache.js';

useSettingsParser(parseSettings);
