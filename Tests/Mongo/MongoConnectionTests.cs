using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Mongo;

/// <summary>The client's connection against a scripted server: handshake, authentication, commands, failures.</summary>
public sealed class MongoConnectionTests
{
    private static readonly MongoConnectionSettings Settings = new() { ConnectTimeout = TimeSpan.FromSeconds(5), AppName = "lab-tests" };

    [Fact]
    public async Task the_handshake_sends_hello_with_client_metadata_and_reads_what_the_server_is()
    {
        await using var server = new ScriptedMongoServer(_ => ScriptedMongoServer.PrimaryHello());

        await using var connection = await MongoConnection.OpenAsync(server.Host, Settings, CancellationToken.None);

        var hello = Assert.Single(server.Received).Body;
        Assert.Equal(1, hello["hello"].AsInt32);
        Assert.Equal("admin", hello["$db"].AsString);
        Assert.Equal("event-commit-lab", hello["client"]["driver"]["name"].AsString);
        Assert.Equal("lab-tests", hello["client"]["application"]["name"].AsString);
        Assert.Equal("rs0", connection.Hello.SetName);
        Assert.True(connection.Hello.IsWritablePrimary);
    }

    [Fact]
    public async Task credentials_are_proven_with_scram_sha_256_and_the_server_is_proven_back()
    {
        var scram = new ScramTestServer("user", "pencil");
        await using var server = new ScriptedMongoServer(m => m.Body.GetElement(0).Name switch
        {
            "hello" => ScriptedMongoServer.PrimaryHello("SCRAM-SHA-256", "SCRAM-SHA-1"),
            "saslStart" => scram.Start(m.Body),
            "saslContinue" => scram.Continue(m.Body),
            _ => new BsonDocument("ok", 1.0),
        });

        await using var connection = await MongoConnection.OpenAsync(
            server.Host, Settings with { Credential = new MongoCredential("user", "pencil", "admin", null) }, CancellationToken.None);

        var commands = server.Received.Select(m => m.Body).ToArray();
        Assert.Equal("admin.user", commands[0]["saslSupportedMechs"].AsString);
        Assert.Equal("SCRAM-SHA-256", commands[1]["mechanism"].AsString);
        Assert.Equal(["hello", "saslStart", "saslContinue"], commands.Select(c => c.GetElement(0).Name));
    }

    [Fact]
    public async Task a_wrong_password_is_a_connection_error_naming_the_host()
    {
        var scram = new ScramTestServer("user", "pencil");
        await using var server = new ScriptedMongoServer(m => m.Body.GetElement(0).Name switch
        {
            "hello" => ScriptedMongoServer.PrimaryHello("SCRAM-SHA-256"),
            "saslStart" => scram.Start(m.Body),
            _ => scram.Continue(m.Body),
        });

        var error = await Assert.ThrowsAsync<MongoConnectionException>(() => MongoConnection.OpenAsync(
            server.Host, Settings with { Credential = new MongoCredential("user", "crayon", "admin", null) }, CancellationToken.None));

        Assert.Contains(server.Host.ToString(), error.Message, StringComparison.Ordinal);
        Assert.Contains("AuthenticationFailed", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task commands_carry_their_database_and_document_sequences_and_failures_carry_the_servers_code()
    {
        await using var server = new ScriptedMongoServer(m => m.Body.GetElement(0).Name switch
        {
            "hello" => ScriptedMongoServer.PrimaryHello(),
            "insert" => new BsonDocument { ["n"] = m.Sequences.Single().Documents.Count, ["ok"] = 1.0 },
            _ => new BsonDocument { ["ok"] = 0.0, ["code"] = 13, ["codeName"] = "Unauthorized", ["errmsg"] = "not authorized" },
        });
        await using var connection = await MongoConnection.OpenAsync(server.Host, Settings, CancellationToken.None);

        var inserted = await connection.RunCommandAsync("lab", new BsonDocument("insert", "events"),
            [new DocumentSequence("documents", [new BsonDocument("_id", 0), new BsonDocument("_id", 1)])], CancellationToken.None);
        var refused = await Assert.ThrowsAsync<MongoServerException>(() => connection.RunCommandAsync("lab", new BsonDocument("drop", "events"), null, CancellationToken.None));

        Assert.Equal(2, inserted["n"].AsInt32);
        Assert.Equal("lab", server.Received.Last().Body["$db"].AsString);
        Assert.Equal((13, "Unauthorized", "drop"), (refused.Code, refused.CodeName, refused.Command));
        Assert.False(connection.IsBroken);
    }

    [Fact]
    public async Task a_closed_port_is_a_connection_error_naming_the_host()
    {
        var host = new MongoHost(MongoHostType.Ipv4, "127.0.0.1", LoopbackPorts.Free());

        var error = await Assert.ThrowsAsync<MongoConnectionException>(() => MongoConnection.OpenAsync(host, Settings, CancellationToken.None));

        Assert.Contains($"127.0.0.1:{host.Port}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_server_that_never_answers_is_given_up_on_after_the_connect_timeout()
    {
        await using var server = new ScriptedMongoServer(_ => null);

        var error = await Assert.ThrowsAsync<MongoConnectionException>(() => MongoConnection.OpenAsync(
            server.Host, Settings with { ConnectTimeout = TimeSpan.FromSeconds(1) }, CancellationToken.None));

        Assert.Contains("no answer within 1 s", error.Message, StringComparison.Ordinal);
        Assert.Contains(server.Host.ToString(), error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_standalone_server_is_refused_with_what_to_do()
    {
        var standalone = ScriptedMongoServer.PrimaryHello();
        standalone.Remove("setName");
        await using var server = new ScriptedMongoServer(_ => standalone);
        await using var connection = await MongoConnection.OpenAsync(server.Host, Settings, CancellationToken.None);

        var error = Assert.Throws<StoreSetupException>(() => MongoDeployment.RequireTransactions(connection.Hello, server.Host));

        Assert.Contains("standalone server", error.Message, StringComparison.Ordinal);
        Assert.Contains("start mongod with --replSet rs0 and run rs.initiate()", error.Message, StringComparison.Ordinal);
        MongoDeployment.RequireTransactions(new HelloResult(ScriptedMongoServer.PrimaryHello()), server.Host);
    }

    [Fact]
    public void settings_come_from_the_connection_string_and_unsupported_mechanisms_are_refused()
    {
        var settings = MongoConnectionSettings.From(MongoConnectionString.Parse("mongodb://alice:secret@db1,db2/orders?replicaSet=rs0&tls=true&connectTimeoutMS=2500&appName=lab"));
        var refused = Assert.Throws<InvalidMongoConnectionStringException>(() => MongoConnectionSettings.From(MongoConnectionString.Parse("mongodb://alice@db/?authMechanism=GSSAPI")));

        Assert.Equal(new MongoCredential("alice", "secret", "orders", null), settings.Credential);
        Assert.Equal((true, TimeSpan.FromMilliseconds(2500), "lab"), (settings.Tls, settings.ConnectTimeout, settings.AppName));
        Assert.Contains("GSSAPI", refused.Message, StringComparison.Ordinal);
    }

}
