// What set_config() and current_setting() reach from generated code: the settings of the
// connection running the statement, which points its thread at them while the statement runs.
#pragma once

#include <optional>
#include <string>

namespace kiln {

class SettingsAccess {
   public:
   virtual ~SettingsAccess() = default;
   /// The value SHOW `name` gives; nullopt for a name it does not know when `missingOk` (42704
   /// otherwise).
   virtual std::optional<std::string> current(const std::string& name, bool missingOk) = 0;
   /// SET `name` TO `value` (with no value: RESET), LOCAL when `isLocal`; returns the new value.
   virtual std::string set(const std::string& name, const std::optional<std::string>& value, bool isLocal) = 0;

   /// The running statement's; throws when no statement of a connection is running.
   static SettingsAccess& current();

   /// While it lives, current() on this thread is `access`.
   class Scope {
      public:
      explicit Scope(SettingsAccess& access) : previous_(current_) { current_ = &access; }
      ~Scope() { current_ = previous_; }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      SettingsAccess* previous_;
   };

   /// What current() returns on this thread; nullptr for none.
   static SettingsAccess* installed() { return current_; }

   private:
   static inline thread_local SettingsAccess* current_ = nullptr;
};

}  // namespace kiln
