using EventCommitLab.Stores.Mongo;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>How the lab opens and removes its databases, whatever the URI asks of the client; no server is contacted.</summary>
public sealed class MongoDatabasesTests
{
    [Fact]
    public void a_lab_database_reads_from_the_primary_as_committed_there_whatever_the_uri_names()
    {
        using var client = new MongoClient("mongodb://db.invalid:27017/?replicaSet=rs0&readPreference=secondary&readConcernLevel=majority");

        var database = MongoDatabases.Open(client, "commit_lab_x", new WriteConcern(1));

        Assert.Equal(ReadPreference.Secondary, client.Settings.ReadPreference);
        Assert.Equal(ReadPreference.Primary, database.Settings.ReadPreference);
        Assert.Equal(ReadConcern.Local, database.Settings.ReadConcern);
        Assert.Equal(new WriteConcern(1), database.Settings.WriteConcern);
    }

    [Fact]
    public void dropping_a_database_waits_for_the_majority_no_longer_than_the_labs_wtimeout()
    {
        var writeConcern = MongoDatabases.DropCommand()["writeConcern"].AsBsonDocument;

        Assert.Equal("majority", writeConcern["w"].AsString);
        Assert.Equal(MongoWriteConcerns.MajorityWait.TotalMilliseconds, writeConcern["wtimeout"].ToDouble());
    }
}
