using System.Net;
using EventCommitLab.Stores.Mongo;
using MongoDB.Bson;
using MongoDB.Driver;
using MongoDB.Driver.Core.Clusters;
using MongoDB.Driver.Core.Connections;
using MongoDB.Driver.Core.Events;
using MongoDB.Driver.Core.Servers;

namespace EventCommitLab.Tests.Stores.Mongo;

public sealed class MongoCommitCountTests
{
    private static readonly ConnectionId Connection = new(new ServerId(new ClusterId(1), new DnsEndPoint("localhost", 27017)));

    [Fact]
    public void a_commit_sent_again_for_the_same_session_and_transaction_is_a_resend_whoever_sent_it()
    {
        var count = new MongoCommitCount();
        var (a, b) = (Guid.NewGuid(), Guid.NewGuid());

        // a: committed, resent twice (the store's own resend and the driver's), then its next transaction; b: once.
        foreach (var (session, transaction) in new[] { (a, 1L), (a, 1L), (b, 7L), (a, 1L), (a, 2L) })
        {
            count.Observe(Commit(session, transaction));
        }

        count.Observe(new CommandStartedEvent("insert", new BsonDocument("insert", "events"), new DatabaseNamespace("lab"), null, 1, Connection));
        Assert.Equal((5L, 2L), (count.Sent, count.Resent));
    }

    [Fact]
    public void a_commit_asked_for_but_never_sent_hides_no_later_resend()
    {
        var count = new MongoCommitCount();
        var session = Guid.NewGuid();

        // Asked three times: the first never reached the wire (nothing sent), the second was sent, the third resent it.
        count.Ask();
        count.Ask();
        count.Observe(Commit(session, 4));
        count.Ask();
        count.Observe(Commit(session, 4));

        Assert.Equal((3L, 2L, 1L), (count.Asked, count.Sent, count.Resent));
    }

    private static CommandStartedEvent Commit(Guid session, long transaction) => new(
        "commitTransaction",
        new BsonDocument { { "commitTransaction", 1 }, { "lsid", new BsonDocument("id", new BsonBinaryData(session, GuidRepresentation.Standard)) }, { "txnNumber", transaction } },
        new DatabaseNamespace("admin"), null, 1, Connection);
}
