// Terminal input through GNU readline: line editing, history kept in a file, Ctrl-C dropping the
// line (or cancelling the running statement).
#pragma once

#include <string>

namespace kiln::shell {

class LineReader {
   public:
   enum class Status { Line, Interrupted, EndOfInput };

   /// History is loaded from and appended to `historyPath`; an empty path keeps it in memory only.
   explicit LineReader(std::string historyPath);
   ~LineReader();
   LineReader(const LineReader&) = delete;
   LineReader& operator=(const LineReader&) = delete;

   /// Shows `prompt` and reads one line into `line`. Interrupted: Ctrl-C was pressed; EndOfInput: Ctrl-D.
   Status read(const std::string& prompt, std::string& line);
   /// Adds a line to the history and saves it right away, so it survives a killed shell.
   void remember(const std::string& line);
   /// Ctrl-C while no line is being read calls `cancel(context)`, from the signal handler (it must
   /// be async-signal-safe); a second one before the next prompt ends the shell.
   void onCancel(void (*cancel)(void*), void* context);

   private:
   std::string historyPath_;
};

}  // namespace kiln::shell
