#!/usr/bin/perl
# Perl's URI module (CPAN URI, Debian liburi-perl) as a parser for `url-grammar compare`:
# URI->new($input), or URI->new_abs($input, $base) with a base. It speaks the JSON-lines protocol of
# docs/compare-protocol.md: `perl adapters/perl_uri.pl`. JSON::PP is in Perl's core. The mapping is
# documented in adapters/README.md#perl-uri.
use strict;
use warnings;
use JSON::PP ();
use URI ();

binmode STDIN;
binmode STDOUT;
$| = 1;    # flush standard output after every print

# utf8: requests are UTF-8 bytes, decoded into character strings; responses are encoded back
my $json = JSON::PP->new->utf8->canonical;

sub text { my ($v) = @_; return defined $v ? "$v" : ''; }

sub answer {
    my ($input, $base) = @_;
    # URI never rejects a string: it escapes what RFC 3986 does not allow and reads the rest
    my $url = defined $base ? URI->new_abs($input, $base) : URI->new($input);
    return { ok => JSON::PP::false, message => 'no scheme: URI read a relative reference' }
      unless defined $url->scheme;
    my %r = (
        ok       => JSON::PP::true,
        href     => $url->as_string,
        protocol => $url->scheme . ':',
        username => '',
        password => '',
        hostname => '',
        port     => '',
        host     => '',
    );
    if ($url->can('authority') && defined $url->authority) {
        # a URI with an authority (http, ftp, file, ...): "[userinfo@]host[:port]", read here from
        # the authority as it stands in the URI, as not every class has userinfo(), host() would
        # percent-decode and port() falls back to the scheme's default
        my $authority = $url->authority;
        my ($userinfo, $hostport) = $authority =~ /^(.*)@(.*)$/s ? ($1, $2) : (undef, $authority);
        if (defined $userinfo) {
            my ($user, $pass) = split /:/, $userinfo, 2;
            $r{username} = text($user);
            $r{password} = text($pass);
        }
        my ($host, $port) = $hostport =~ /^(.*?)(?::([0-9]*))?$/s;
        $r{hostname} = text($host);
        $r{port} = text($port);
        $r{host} = $r{port} eq '' ? $r{hostname} : "$r{hostname}:$r{port}";
    }
    if ($url->can('path_query')) {
        $r{pathname} = text($url->path);
        my $q = $url->query;
        $r{search} = defined $q && $q ne '' ? "?$q" : '';
    } else {
        # an opaque URI ("mailto:x"): everything between the scheme and the fragment
        $r{pathname} = text($url->opaque);
        $r{search} = undef;
    }
    my $f = $url->fragment;
    $r{hash} = defined $f && $f ne '' ? "#$f" : '';
    return \%r;
}

while (my $line = <STDIN>) {
    next if $line =~ /^[ \t\r\n]*$/;
    my $request = $json->decode($line);
    my $response = eval { answer($request->{input}, $request->{base}) };
    $response = { error => "perl: $@" } unless $response;
    $response->{id} = $request->{id};
    print $json->encode($response), "\n";
}
