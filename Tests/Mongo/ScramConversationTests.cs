using EventCommitLab.Stores.Mongo.Wire;

namespace EventCommitLab.Tests.Mongo;

/// <summary>SCRAM against the example exchanges of RFC 7677 (SHA-256) and RFC 5802 (SHA-1).</summary>
public sealed class ScramConversationTests
{
    [Fact]
    public void scram_sha_256_reproduces_the_rfc_7677_example()
    {
        var scram = new ScramConversation(ScramHash.Sha256, "user", ScramConversation.SaslPrep("pencil"), "rOprNGfwEbeRWgbNEkqO");

        var clientFinal = scram.ClientFinal("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");

        Assert.Equal("n,,n=user,r=rOprNGfwEbeRWgbNEkqO", scram.ClientFirst);
        Assert.Equal("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=", clientFinal);
        scram.VerifyServerFinal("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
    }

    [Fact]
    public void scram_sha_1_reproduces_the_rfc_5802_example()
    {
        var scram = new ScramConversation(ScramHash.Sha1, "user", "pencil", "fyko+d2lbbFgONRv9qkxdawL");

        var clientFinal = scram.ClientFinal("r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096");

        Assert.Equal("c=biws,r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=", clientFinal);
        scram.VerifyServerFinal("v=rmF9pqV8S7suAoZWja4dJRkFsKQ=");
    }

    [Fact]
    public void a_wrong_server_signature_or_a_server_error_fails_authentication()
    {
        var scram = new ScramConversation(ScramHash.Sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
        scram.ClientFinal("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");

        Assert.Throws<MongoAuthenticationException>(() => scram.VerifyServerFinal("v=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="));
        Assert.Contains("invalid-proof", Assert.Throws<MongoAuthenticationException>(() => scram.VerifyServerFinal("e=invalid-proof")).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("r=someone-elses-nonce,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", "does not extend")]
    [InlineData("r=rOprNGfwEbeRWgbNEkqOmore,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=1", "iterations")]
    [InlineData("r=rOprNGfwEbeRWgbNEkqOmore,i=4096", "no salt")]
    public void a_server_first_message_that_weakens_the_exchange_is_refused(string serverFirst, string problem)
    {
        var scram = new ScramConversation(ScramHash.Sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");

        Assert.Contains(problem, Assert.Throws<MongoAuthenticationException>(() => scram.ClientFinal(serverFirst)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void mongodb_prepares_passwords_per_mechanism_and_escapes_user_names()
    {
        var sha1 = ScramConversation.ForMongo(ScramHash.Sha1, "user,=x", "pencil");

        Assert.StartsWith("n,,n=user=2C=3Dx,r=", sha1.ClientFirst, StringComparison.Ordinal);
        Assert.Equal("I X", ScramConversation.SaslPrep("I\u00A0\u00ADX"));
        Assert.Equal("IV", ScramConversation.SaslPrep("\u2163"));
        Assert.Throws<MongoAuthenticationException>(() => ScramConversation.SaslPrep("a\u0007b\u00A0"));
    }
}
