#include "storage/recovery.h"

#include <sys/stat.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <optional>
#include <set>

#include "common/timestamp.h"
#include "storage/binary_io.h"
#include "storage/checkpoint.h"
#include "storage/file_sync.h"
#include "storage/redo.h"
#include "storage/redo_log_reader.h"

namespace kiln {

namespace fs = std::filesystem;

std::string checkpointFile(const std::string& directory, uint64_t sequence) { return directory + "/checkpoint." + std::to_string(sequence); }

std::string logFile(const std::string& directory, uint64_t sequence) { return directory + "/wal." + std::to_string(sequence); }

namespace {

/// The numbers N of the files <prefix>N in `directory`, ascending.
std::vector<uint64_t> numberedFiles(const std::string& directory, const std::string& prefix) {
   std::vector<uint64_t> numbers;
   for (auto& entry : fs::directory_iterator(directory)) {
      std::string name = entry.path().filename().string();
      if (name.size() > prefix.size() && name.size() < prefix.size() + 20 && name.rfind(prefix, 0) == 0 &&
          name.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
         numbers.push_back(std::stoull(name.substr(prefix.size())));
   }
   std::sort(numbers.begin(), numbers.end());
   return numbers;
}

std::string timeText(int64_t timestampTz) { return timestamp::format(timestampTz, "+00"); }

/// When `path` was last written, as a TIMESTAMPTZ.
int64_t fileTime(const std::string& path) {
   struct stat status{};
   if (::stat(path.c_str(), &status) != 0) return 0;
   return int64_t(status.st_mtim.tv_sec) * 1'000'000 + status.st_mtim.tv_nsec / 1000 - timestamp::unixEpochOffset;
}

std::string plural(uint64_t n, const std::string& one, const std::string& many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

class DirectoryRecovery {
   public:
   DirectoryRecovery(const std::string& directory, Catalog& catalog) : directory_(directory), catalog_(catalog) {
      checkpoints_ = numberedFiles(directory, "checkpoint.");
      logs_ = numberedFiles(directory, "wal.");
   }

   RecoveryOutcome run(bool force) {
      loadCheckpoint();
      replayLogs();
      if (!damage_) return finishIntact();
      if (!force) throw Error("XX001", damage_->what, 0, "Recovery can restore " + restorable() + ". " + leftOutText() + ".", hint());
      return finishForced();
   }

   private:
   struct Damage {
      std::string what;           // the error's message
      uint64_t logSequence = 0;   // the log file it is in or at (0: in a checkpoint)
      uint64_t offset = 0;        // the byte of that file from which nothing is used
      bool missing = false;       // the log file is not there
   };

   /// The newest checkpoint that can be read; an older one when the newest is damaged.
   void loadCheckpoint() {
      for (size_t i = checkpoints_.size(); i-- > 0;) {
         uint64_t sequence = checkpoints_[i];
         std::string path = checkpointFile(directory_, sequence);
         try {
            Catalog loaded;
            uint64_t covered = readCheckpoint(path, loaded);
            if (covered != sequence) throw Error("XX001", "checkpoint \"" + path + "\" is damaged: it says it is checkpoint." + std::to_string(covered));
            catalog_ = std::move(loaded);
            base_ = sequence;
            baseTime_ = fileTime(path);
            if (i > 0) previous_ = checkpoints_[i - 1];
            return;
         } catch (const Error& error) {
            if (error.sqlstate() != "XX001") throw;
            if (!damage_) damage_ = Damage{error.message(), 0, 0, false};
         }
      }
   }

   /// The log files after the checkpoint, in order, up to the first damage.
   void replayLogs() {
      uint64_t newest = logs_.empty() ? 0 : logs_.back();
      std::set<uint64_t> present(logs_.begin(), logs_.end());
      for (uint64_t sequence = base_ + 1; sequence <= newest; ++sequence) {
         std::string path = logFile(directory_, sequence);
         if (!present.count(sequence)) {
            std::string what = base_ == 0 && sequence == 1 && checkpoints_.empty()
                                  ? "the checkpoint that log file \"" + logFile(directory_, logs_.front()) + "\" continues from is missing"
                                  : "log file \"" + path + "\" is missing";
            return stop(Damage{what, sequence, 0, true});
         }
         RedoLogScan scan = scanRedoLog(path, sequence);
         for (const RedoRecord& record : scan.records) {
            try {
               BinaryReader in(record.payload.data(), record.payload.size());
               applyRedo(in, catalog_);
            } catch (const Error& error) {
               if (error.sqlstate() != "XX001") throw;
               return stop(
                  Damage{"log file \"" + path + "\" is damaged at byte " + std::to_string(record.offset) + ": " + error.message(), sequence, record.offset});
            }
            reached_ = {sequence, record.end, record.commitTime};
            ++transactions_;
         }
         bool newestFile = sequence == newest;
         switch (scan.end) {
            case RedoLogEnd::Clean: break;
            case RedoLogEnd::Stray:
               if (newestFile) cut_ = {sequence, scan.goodEnd};  // nothing lost; the bytes go
               break;
            case RedoLogEnd::Unfinished:
               if (newestFile) {
                  cut_ = {sequence, scan.goodEnd};  // the write a crash cut short
                  break;
               }
               // A later file was started after this one was complete: a crash cannot have left this.
               return stop(Damage{
                  "log file \"" + path + "\" is damaged at byte " + std::to_string(scan.goodEnd) + ": " + scan.problem + " (and a later log file follows)",
                  sequence, scan.goodEnd});
            case RedoLogEnd::Damaged:
               return stop(
                  Damage{"log file \"" + path + "\" is damaged at byte " + std::to_string(scan.goodEnd) + ": " + scan.problem, sequence, scan.goodEnd});
         }
      }
   }

   void stop(Damage damage) {
      if (!damage_) damage_ = std::move(damage);
      else logDamage_ = std::move(damage);  // behind a damaged checkpoint, the older one's log also ends early
   }

   /// The first log damage, if any: where replaying stopped.
   const Damage* logStop() const {
      if (damage_ && damage_->logSequence) return &*damage_;
      return logDamage_ ? &*logDamage_ : nullptr;
   }

   RecoveryOutcome finishIntact() {
      if (cut_) cutRedoLog(logFile(directory_, cut_->first), cut_->second);
      // What an interrupted clean-up after a checkpoint left: older than the previous checkpoint.
      std::error_code ignored;
      for (uint64_t sequence : checkpoints_)
         if (sequence < previous_) fs::remove(checkpointFile(directory_, sequence), ignored);
      for (uint64_t sequence : logs_)
         if (sequence <= previous_) fs::remove(logFile(directory_, sequence), ignored);
      uint64_t newestLog = logs_.empty() ? 0 : logs_.back();
      return {std::max(newestLog, base_) + 1, base_, previous_, {}};
   }

   /// What recovery restores: "checkpoint.5 (written at ...) and 3 transactions after it, ...".
   std::string restorable() const {
      std::string checkpoint = base_ ? "checkpoint." + std::to_string(base_) + " (written at " + timeText(baseTime_) + ")" : "";
      if (!reached_) return base_ ? checkpoint + ", and no transaction after it" : "nothing";
      std::string last = reached_->commitTime ? "the one committed at " + timeText(*reached_->commitTime) : "the last one";
      std::string transactions = plural(transactions_, "transaction", "transactions");
      return (base_ ? checkpoint + " and " + transactions + " after it" : transactions) + ", up to " + last + " (ending at byte " +
             std::to_string(reached_->offset) + " of wal." + std::to_string(reached_->logSequence) + ")";
   }

   /// What it would leave out, as a sentence (without the full stop).
   std::string leftOutText() const {
      const Damage* stopped = logStop();
      if (!stopped) return "Every transaction in the log can be restored; only the damaged checkpoint is left out";
      uint64_t first = stopped->logSequence;
      std::string text = "Left out: ";
      if (!stopped->missing) {
         text += stopped->offset ? "wal." + std::to_string(first) + " from byte " + std::to_string(stopped->offset) : "all of wal." + std::to_string(first);
         ++first;
      }
      uint64_t files = 0, records = 0;
      std::optional<int64_t> lastTime;
      for (uint64_t sequence : logs_) {
         if (sequence < first) continue;
         ++files;
         try {
            RedoLogScan scan = scanRedoLog(logFile(directory_, sequence), sequence);
            records += scan.records.size();
            if (!scan.records.empty() && scan.records.back().commitTime) lastTime = scan.records.back().commitTime;
         } catch (const Error&) {}
      }
      if (files) {
         if (!stopped->missing) text += ", and ";
         text += plural(files, "later log file", "later log files") + " holding " + plural(records, "whole transaction", "whole transactions");
         if (lastTime) text += ", the last committed at " + timeText(*lastTime);
      } else if (stopped->missing) {
         text += "nothing else is there";
      }
      return text;
   }

   static std::string hint() {
      return "No file was changed. To open the database with what can be restored, run the shell with --force-recovery "
             "(in the C++ API: OpenOptions::forceRecovery): it moves the files it does not use, unchanged, into a folder in the database directory.";
   }

   RecoveryOutcome finishForced() {
      uint64_t highest = 0;
      for (uint64_t n : checkpoints_) highest = std::max(highest, n);
      for (uint64_t n : logs_) highest = std::max(highest, n);
      uint64_t sequence = highest + 1;
      // The checkpoint first: should this be cut short, the files are all still where they were.
      writeCheckpoint(catalog_, sequence, checkpointFile(directory_, sequence));
      syncDirectory(directory_);
      std::string aside = asideFolder();
      fs::create_directory(aside);
      for (uint64_t n : checkpoints_) fs::rename(checkpointFile(directory_, n), checkpointFile(aside, n));
      for (uint64_t n : logs_) fs::rename(logFile(directory_, n), logFile(aside, n));
      syncDirectory(aside);
      syncDirectory(directory_);
      std::string report = "database \"" + directory_ + "\" was damaged: " + damage_->what + "\nRestored " + restorable() + ". " + leftOutText() +
                           ". The files recovery did not use were moved, unchanged, into \"" + aside + "\".";
      return {sequence + 1, sequence, 0, report};
   }

   /// damaged-<UTC time>, unused.
   std::string asideFolder() const {
      std::time_t now = std::time(nullptr);
      std::tm utc{};
      ::gmtime_r(&now, &utc);
      char stamp[32];
      std::strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &utc);
      std::string unused = directory_ + "/damaged-" + stamp, folder = unused;
      for (int n = 2; fs::exists(folder); ++n) folder = unused + "-" + std::to_string(n);
      return folder;
   }

   struct Reached {
      uint64_t logSequence;
      uint64_t offset;
      std::optional<int64_t> commitTime;
   };

   std::string directory_;
   Catalog& catalog_;
   std::vector<uint64_t> checkpoints_, logs_;
   uint64_t base_ = 0, previous_ = 0;
   int64_t baseTime_ = 0;
   std::optional<Damage> damage_, logDamage_;
   std::optional<Reached> reached_;
   uint64_t transactions_ = 0;
   std::optional<std::pair<uint64_t, uint64_t>> cut_;  // the newest log file's unfinished end
};

}  // namespace

RecoveryOutcome recoverDirectory(const std::string& directory, Catalog& catalog, bool force) { return DirectoryRecovery(directory, catalog).run(force); }

}  // namespace kiln
