#include "common/number_format.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "common/decimal.h"
#include "kiln/kiln.h"

namespace kiln::number_format {

namespace {

enum class Key { Comma, Point, Zero, Nine, D, FM, G, L, MI, PL, PR, SG, S, Ignored, Unsupported };

struct Keyword {
   std::string_view text;
   Key key;
};

/// PostgreSQL's NUM_keywords in its order; C and SP mean nothing to to_char, L is the C locale's
/// currency symbol, which PostgreSQL writes as a blank.
constexpr Keyword keywords[] = {
   {",", Key::Comma},
   {".", Key::Point},
   {"0", Key::Zero},
   {"9", Key::Nine},
   {"B", Key::Unsupported},
   {"C", Key::Ignored},
   {"D", Key::D},
   {"EEEE", Key::Unsupported},
   {"FM", Key::FM},
   {"G", Key::G},
   {"L", Key::L},
   {"MI", Key::MI},
   {"PL", Key::PL},
   {"PR", Key::PR},
   {"RN", Key::Unsupported},
   {"SG", Key::SG},
   {"SP", Key::Ignored},
   {"S", Key::S},
   {"TH", Key::Unsupported},
   {"V", Key::Unsupported},
   {"b", Key::Unsupported},
   {"c", Key::Ignored},
   {"d", Key::D},
   {"eeee", Key::Unsupported},
   {"fm", Key::FM},
   {"g", Key::G},
   {"l", Key::L},
   {"mi", Key::MI},
   {"pl", Key::PL},
   {"pr", Key::PR},
   {"rn", Key::Unsupported},
   {"sg", Key::SG},
   {"sp", Key::Ignored},
   {"s", Key::S},
   {"th", Key::Unsupported},
   {"v", Key::Unsupported},
};

/// A pattern element: a keyword, or text copied as it is.
struct Node {
   Key key;
   std::string text;
   bool isKeyword;
};

/// PostgreSQL's NUMDesc: what the keywords together ask for.
struct Description {
   int pre = 0, post = 0;  // digits before and after the decimal point
   bool decimal = false, zero = false, fillMode = false, localSign = false, bracket = false, minus = false, plus = false;
   bool signAfter = false;  // S after the digits (NUM_LSIGN_POST)
   int preLocalSign = 0;    // digits before S when S comes first
   int zeroStart = 0, zeroEnd = 0;
};

[[noreturn]] void syntaxError(const std::string& message) { throw Error("42601", message); }

std::vector<Node> parse(std::string_view pattern, Description& d) {
   std::vector<Node> nodes;
   for (size_t i = 0; i < pattern.size();) {
      std::string_view rest = pattern.substr(i);
      const Keyword* k = nullptr;
      for (const Keyword& candidate : keywords)
         if (rest.starts_with(candidate.text)) {
            k = &candidate;
            break;
         }
      if (!k) {
         // Quoted text is copied; a backslash in it quotes the next character, outside only a quote.
         if (rest[0] == '"') {
            std::string text;
            for (++i; i < pattern.size() && pattern[i] != '"'; ++i) {
               if (pattern[i] == '\\' && i + 1 < pattern.size()) ++i;
               text += pattern[i];
            }
            if (i < pattern.size()) ++i;
            nodes.push_back({Key::Ignored, text, false});
            continue;
         }
         if (rest.starts_with("\\\"")) ++i;
         nodes.push_back({Key::Ignored, std::string(1, pattern[i++]), false});
         continue;
      }
      i += k->text.size();
      // NUMDesc_prepare: the checks and counts of each keyword.
      switch (k->key) {
         case Key::Nine:
            if (d.bracket) syntaxError("\"9\" must be ahead of \"PR\"");
            ++(d.decimal ? d.post : d.pre);
            break;
         case Key::Zero:
            if (d.bracket) syntaxError("\"0\" must be ahead of \"PR\"");
            if (!d.zero && !d.decimal) {
               d.zero = true;
               d.zeroStart = d.pre + 1;
            }
            ++(d.decimal ? d.post : d.pre);
            d.zeroEnd = d.pre + d.post;
            break;
         case Key::D:
         case Key::Point:
            if (d.decimal) syntaxError("multiple decimal points");
            d.decimal = true;
            break;
         case Key::FM: d.fillMode = true; break;
         case Key::S:
            if (d.localSign) syntaxError("cannot use \"S\" twice");
            if (d.plus || d.minus || d.bracket) syntaxError("cannot use \"S\" and \"PL\"/\"MI\"/\"SG\"/\"PR\" together");
            if (!d.decimal) {
               d.preLocalSign = d.pre;
               d.localSign = true;
            } else if (!d.localSign) {
               d.signAfter = true;
               d.localSign = true;
            }
            break;
         case Key::MI:
            if (d.localSign) syntaxError("cannot use \"S\" and \"MI\" together");
            d.minus = true;
            break;
         case Key::PL:
            if (d.localSign) syntaxError("cannot use \"S\" and \"PL\" together");
            d.plus = true;
            break;
         case Key::SG:
            if (d.localSign) syntaxError("cannot use \"S\" and \"SG\" together");
            d.minus = d.plus = true;
            break;
         case Key::PR:
            if (d.localSign || d.plus || d.minus) syntaxError("cannot use \"PR\" and \"S\"/\"PL\"/\"MI\"/\"SG\" together");
            d.bracket = true;
            break;
         case Key::Unsupported: throw Error("0A000", "the to_char pattern \"" + std::string(k->text) + "\" is not supported");
         case Key::Comma:
         case Key::G:
         case Key::L:
         case Key::Ignored: break;
      }
      nodes.push_back({k->key, std::string(k->text), true});
   }
   return nodes;
}

/// PostgreSQL's NUM_processor writing: `number` holds the digits (and '.') without the sign,
/// `outPreSpaces` how many leading digit positions it leaves empty.
class Writer {
   public:
   Writer(Description d, std::string number, int outPreSpaces, char sign) : d_(d), number_(std::move(number)), outPreSpaces_(outPreSpaces), sign_(sign) {}

   std::string write(const std::vector<Node>& nodes) {
      if (d_.plus || d_.minus) {
         signWritten_ = !(d_.plus && !d_.minus);  // MI and SG write the sign themselves, PL only the plus
      } else {
         if (sign_ != '-' && d_.fillMode) d_.bracket = false;
         signWritten_ = sign_ == '+' && d_.fillMode && !d_.localSign;
         if (d_.localSign && !d_.signAfter && d_.pre == d_.preLocalSign) d_.signAfter = true;
      }
      if (d_.zeroStart) --d_.zeroStart;  // counted from 1 while parsing, from 0 here
      count_ = d_.post + d_.pre - 1;
      if (d_.fillMode && d_.decimal) {
         lastRelevant_ = lastRelevantDigit();
         // Digits asked for by '0' are relevant, as far as the number reaches.
         if (lastRelevant_ != npos && d_.zeroEnd > outPreSpaces_) {
            size_t lastZero = std::min(number_.size() - 1, size_t(d_.zeroEnd - outPreSpaces_));
            if (lastRelevant_ < lastZero) lastRelevant_ = lastZero;
         }
      }
      if (!signWritten_ && outPreSpaces_ == 0) ++count_;
      for (const Node& n : nodes) {
         if (!n.isKeyword) {
            out_ += n.text;
            continue;
         }
         switch (n.key) {
            case Key::Nine:
            case Key::Zero:
            case Key::Point:
            case Key::D: digit(n.key); break;
            case Key::Comma:
            case Key::G:
               if (inNumber_) out_ += ',';
               else if (!d_.fillMode) out_ += ' ';
               break;
            case Key::MI:
               if (sign_ == '-') out_ += '-';
               else if (!d_.fillMode) out_ += ' ';
               break;
            case Key::PL:
               if (sign_ == '+') out_ += '+';
               else if (!d_.fillMode) out_ += ' ';
               break;
            case Key::SG: out_ += sign_; break;
            case Key::L: out_ += ' '; break;
            default: break;
         }
      }
      return out_.substr(0, out_.find('\0'));
   }

   private:
   static constexpr size_t npos = std::string::npos;

   size_t lastRelevantDigit() const {
      size_t point = number_.find('.');
      if (point == npos) return npos;
      size_t result = point;
      for (size_t k = point + 1; k < number_.size(); ++k)
         if (number_[k] != '0') result = k;
      return result;
   }
   char current() const { return position_ < number_.size() ? number_[position_] : '\0'; }
   bool lastRelevantIsPoint() const { return lastRelevant_ != npos && number_[lastRelevant_] == '.'; }
   /// "0.1" with 9.9 is " .1": the leading zero of a fraction is not written.
   bool predecimalSpace() const { return !d_.zero && position_ == 0 && !number_.empty() && number_[0] == '0' && d_.post != 0; }

   /// NUM_numpart_to_char: the sign where the number starts, then a digit, blank or point.
   void digit(Key key) {
      if (!signWritten_ && (current_ >= outPreSpaces_ || (d_.zero && d_.zeroStart == current_)) && (!predecimalSpace() || lastRelevantIsPoint())) {
         if (d_.localSign) {
            if (!d_.signAfter) {
               out_ += sign_ == '-' ? '-' : '+';
               signWritten_ = true;
            }
         } else if (d_.bracket) {
            out_ += sign_ == '+' ? ' ' : '<';
            signWritten_ = true;
         } else if (sign_ == '+') {
            if (!d_.fillMode) out_ += ' ';
            signWritten_ = true;
         } else {
            out_ += '-';
            signWritten_ = true;
         }
      }
      if (current_ < outPreSpaces_ && (d_.zeroStart > current_ || !d_.zero)) {
         if (!d_.fillMode) out_ += ' ';
      } else if (d_.zero && current_ < outPreSpaces_ && d_.zeroStart <= current_) {
         out_ += '0';
         inNumber_ = true;
      } else {
         if (current() == '.') {
            if (!lastRelevantIsPoint() || d_.fillMode) out_ += '.';  // FM9.9 writes 5 as "5."
         } else if (lastRelevant_ != npos && position_ > lastRelevant_ && key != Key::Zero) {
            // trailing zeros in fill mode are left out
         } else if (predecimalSpace()) {
            if (!d_.fillMode) out_ += ' ';
            else if (lastRelevantIsPoint()) out_ += '0';  // 0 with FM9.9 is "0."
         } else {
            // Past the number's end PostgreSQL writes its terminating NUL, which ends the result
            // (a 15-digit double with more 9s after the point).
            out_ += current();
            inNumber_ = true;
         }
         if (position_ < number_.size()) ++position_;
      }
      int end = count_ + (outPreSpaces_ ? 1 : 0) + (d_.decimal ? 1 : 0);
      if (lastRelevant_ != npos && lastRelevant_ == position_) end = current_;
      if (current_ + 1 == end) {
         if (signWritten_ && d_.bracket) out_ += sign_ == '+' ? ' ' : '>';
         else if (d_.localSign && d_.signAfter) out_ += sign_ == '-' ? '-' : '+';
      }
      ++current_;
   }

   Description d_;
   std::string number_;
   int outPreSpaces_;
   char sign_;
   bool signWritten_ = false, inNumber_ = false;
   size_t lastRelevant_ = npos;
   size_t position_ = 0;  // into number_
   int count_ = 0, current_ = 0;
   std::string out_;
};

/// The digits of `text` ("123.45", no sign) against the pattern: leading blanks for missing digits,
/// or '#' everywhere when the integral digits do not fit.
std::string fitted(std::string text, const Description& d, int& outPreSpaces) {
   size_t point = text.find('.');
   int integral = int(point == std::string::npos ? text.size() : point);
   outPreSpaces = 0;
   if (integral < d.pre) {
      outPreSpaces = d.pre - integral;
   } else if (integral > d.pre) {
      text.assign(size_t(d.pre + d.post + 1), '#');
      text[size_t(d.pre)] = '.';
   }
   return text;
}

std::string run(const std::vector<Node>& nodes, const Description& d, std::string digits, char sign) {
   int outPreSpaces;
   std::string number = fitted(std::move(digits), d, outPreSpaces);
   return Writer(d, std::move(number), outPreSpaces, sign).write(nodes);
}

}  // namespace

std::string formatDecimal(__int128 unscaled, unsigned scale, std::string_view pattern) {
   Description d;
   std::vector<Node> nodes = parse(pattern, d);
   // Rounded to the pattern's fractional digits (half away from zero), as numeric_round does.
   __int128 rounded;
   unsigned post = unsigned(d.post);
   if (!decimal::rescale(unscaled, scale, post, rounded)) {
      // More digits than 128 bits hold: add the zeros as text.
      decimal::rescale(unscaled, scale, scale, rounded);
      std::string text = decimal::format(rounded < 0 ? -rounded : rounded, scale);
      if (scale == 0) text += '.';
      return run(nodes, d, text + std::string(post - scale, '0'), rounded < 0 ? '-' : '+');
   }
   std::string text = decimal::format(rounded < 0 ? -rounded : rounded, post);
   return run(nodes, d, text, rounded < 0 ? '-' : '+');
}

std::string formatNumeric(const Numeric& value, std::string_view pattern) {
   Description d;
   std::vector<Node> nodes = parse(pattern, d);
   Numeric rounded = value.rounded(d.post);
   return run(nodes, d, rounded.absolute().toString(), rounded.isNegative() ? '-' : '+');
}

std::string formatDouble(double value, int significantDigits, std::string_view pattern) {
   Description d;
   std::vector<Node> nodes = parse(pattern, d);
   int integral = std::snprintf(nullptr, 0, "%.0f", std::fabs(value));
   if (integral >= significantDigits) d.post = 0;
   else if (integral + d.post > significantDigits) d.post = significantDigits - integral;
   std::vector<char> text(size_t(std::snprintf(nullptr, 0, "%.*f", d.post, value)) + 1);
   std::snprintf(text.data(), text.size(), "%.*f", d.post, value);
   std::string digits(text.data());
   char sign = '+';
   if (!digits.empty() && digits[0] == '-') {
      sign = '-';
      digits.erase(0, 1);
   }
   return run(nodes, d, digits, sign);
}

}  // namespace kiln::number_format
