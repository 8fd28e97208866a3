# Generates unicode-tables.ts (line-break classes and column widths) from Perl's Unicode database.
#
# The tables feed the msgcat-compatible line wrapper (linebreak.ts). GNU gettext wraps PO strings
# with libunistring, whose classification is UAX #14 plus a few adjustments, so the classes are
# folded here the same way libunistring resolves them at run time (AI/SA/XX -> AL, CB -> ID,
# CJ -> NS) and East-Asian-wide opening punctuation gets its own class (UAX #14 LB30 treats it
# differently). Widths follow libunistring's uc_width for a non-CJK encoding.
#
# Usage: perl src/formats/po/gen-unicode-tables.pl > src/formats/po/unicode-tables.ts
use strict;
use warnings;
use Unicode::UCD qw(prop_invmap);

my $MAX = 0x10FFFF;

sub expand {
  my ($name) = @_;
  my ($starts, $values) = prop_invmap($name);
  my @out;
  for my $i (0 .. $#$starts) {
    my $end = $i < $#$starts ? $starts->[$i + 1] - 1 : $MAX;
    push @out, [$starts->[$i], $end, $values->[$i]];
  }
  return @out;
}

# 1 = wide or fullwidth, 2 = halfwidth (counts as East Asian for UAX #14 LB30, not for widths).
my @eaw = (0) x ($MAX + 1);
for my $r (expand('East_Asian_Width')) {
  my $v = $r->[2] eq 'W' || $r->[2] eq 'F' ? 1 : $r->[2] eq 'H' ? 2 : 0;
  next unless $v;
  $eaw[$_] = $v for $r->[0] .. $r->[1];
}
my @gc;
for my $r (expand('General_Category')) {
  $gc[$_] = $r->[2] for $r->[0] .. $r->[1];
}

# ---- line-break classes ----
my %fold = (AI => 'AL', SA => 'AL', XX => 'AL', Unknown => 'AL', SG => 'AL', CB => 'ID', CJ => 'NS');
my @lb;
for my $r (expand('Line_Break')) {
  my $c = $fold{$r->[2]} // $r->[2];
  for my $cp ($r->[0] .. $r->[1]) {
    my $cc = $c;
    $cc = 'OPW' if $c eq 'OP' && $eaw[$cp];
    # Precomposed Hangul syllables are LV or LVT by arithmetic; linebreak.ts resolves them.
    $cc = 'HS' if $c eq 'H2' || $c eq 'H3';
    # Unassigned pictographic code points are reserved emoji: like emoji bases, they bind a
    # following skin-tone modifier (UAX #14 LB30b).
    $cc = 'EB' if $c eq 'ID' && ($gc[$cp] // 'Cn') eq 'Cn' && chr($cp) =~ /\p{Extended_Pictographic}/;
    $lb[$cp] = $cc;
  }
}

my @names;
my %index;
my $codes = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&()*+,-./:;<=>?@[]^_{|}~';
sub code_for {
  my ($name) = @_;
  unless (exists $index{$name}) {
    $index{$name} = scalar @names;
    push @names, $name;
    die "too many classes" if @names > length $codes;
  }
  return substr($codes, $index{$name}, 1);
}

sub b36 {
  my ($n) = @_;
  my $s = '';
  do { $s = substr('0123456789abcdefghijklmnopqrstuvwxyz', $n % 36, 1) . $s; $n = int($n / 36); } while ($n > 0);
  return $s;
}

my $lbdata = '';
my ($prev, $prevstart) = (undef, 0);
for my $cp (0 .. $MAX) {
  next if defined $prev && $lb[$cp] eq $prev;
  $lbdata .= code_for($lb[$cp]) . b36($cp - $prevstart);
  ($prev, $prevstart) = ($lb[$cp], $cp);
}

# ---- column widths (uc_width semantics for UTF-8) ----
sub width_of {
  my ($cp) = @_;
  return 0 if $cp == 0;
  return -1 if $cp < 0x20 || ($cp >= 0x7F && $cp < 0xA0);
  # libunistring counts these Kannada/Zanabazar/Marchen vowel signs as spacing.
  return 1 if $cp == 0x0CBF || $cp == 0x0CC6 || $cp == 0x11A07 || $cp == 0x11A08 || $cp == 0x11C3F;
  my $g = $gc[$cp] // 'Cn';
  return 0 if $g eq 'Mn' || $g eq 'Me' || $g eq 'Cf';
  # Hangul medial/final jamo combine with the preceding initial into one cell.
  return 0 if ($cp >= 0x1160 && $cp <= 0x11FF) || ($cp >= 0xD7B0 && $cp <= 0xD7FF && $g ne 'Cn');
  return 2 if $eaw[$cp] == 1;
  # Unassigned code points inside CJK blocks are reserved as wide.
  if ($g eq 'Cn') {
    return 2 if ($cp >= 0x2E80 && $cp <= 0xA4CF) || ($cp >= 0xF900 && $cp <= 0xFAFF)
      || ($cp >= 0xFE10 && $cp <= 0xFE1F) || ($cp >= 0xFE30 && $cp <= 0xFE6F)
      || ($cp >= 0xFF00 && $cp <= 0xFF60) || ($cp >= 0xFFE0 && $cp <= 0xFFE6)
      || ($cp >= 0x1F200 && $cp <= 0x1F2FF) || ($cp >= 0x20000 && $cp <= 0x3FFFF);
  }
  return 1;
}

my $wdata = '';
($prev, $prevstart) = (undef, 0);
for my $cp (0 .. $MAX) {
  my $w = width_of($cp);
  next if defined $prev && $w == $prev;
  $wdata .= substr('ZOTW', $w + 1, 1) . b36($cp - $prevstart);
  ($prev, $prevstart) = ($w, $cp);
}

sub chunked {
  my ($s) = @_;
  my @parts = ($s =~ /(.{1,100})/gs);
  return join(" +\n  ", map { my $p = $_; $p =~ s/\\/\\\\/g; $p =~ s/'/\\'/g; "'$p'" } @parts);
}

my $version = Unicode::UCD::UnicodeVersion();
print "// Generated Unicode $version tables for the PO line wrapper; regenerate with gen-unicode-tables.pl.\n";
print "\n";
print "/** Line-break class names, indexed by the class code characters used in LINE_BREAK_DATA. */\n";
print "export const LINE_BREAK_CLASS_NAMES: readonly string[] = [", join(', ', map { "'$_'" } @names), "];\n\n";
print "/** Class code characters, in LINE_BREAK_CLASS_NAMES order. */\n";
print "export const LINE_BREAK_CLASS_CODES = '", substr($codes, 0, scalar @names), "';\n\n";
print "/** Runs of code points: class code, then base-36 distance from the previous run's start. */\n";
print "export const LINE_BREAK_DATA =\n  ", chunked($lbdata), ";\n\n";
print "/** Runs of code points: Z=-1 (control), O=0, T=1, W=2 columns, then base-36 distance. */\n";
print "export const WIDTH_DATA =\n  ", chunked($wdata), ";\n";
