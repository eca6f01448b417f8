// current_setting() and set_config(), as PostgreSQL's: they read and change the settings of the
// connection running the statement, as SHOW and SET do.
#include "kiln/kiln.h"
#include "runtime/helpers.h"
#include "runtime/settings_access.h"
#include "runtime/string_results.h"

using namespace kiln;

SettingsAccess& SettingsAccess::current() {
   if (!current_) throw Error("XX000", "no connection's settings to read");
   return *current_;
}

bool kiln_current_setting(const GermanString* name, bool missingOk, GermanString* out, StringHeap* arena) {
   std::optional<std::string> value = SettingsAccess::current().current(std::string(name->view()), missingOk);
   if (!value) return false;
   storeString(out, *value, arena);
   return true;
}

void kiln_set_config(const GermanString* name, const GermanString* value, bool isLocal, GermanString* out, StringHeap* arena) {
   if (!name) throw Error("22023", "SET requires parameter name");
   std::optional<std::string> text;
   if (value) text = std::string(value->view());
   storeString(out, SettingsAccess::current().set(std::string(name->view()), text, isLocal), arena);
}
