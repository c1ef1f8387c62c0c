using EventCommitLab.Stores.Postgres;

namespace EventCommitLab.Tests.Stores.Postgres;

/// <summary>A statement's distinct tag lists: each list sent once, every event given its list's index.</summary>
public sealed class DistinctTagListsTests
{
    [Fact]
    public void equal_lists_share_one_index_whether_or_not_they_are_one_object_and_each_distinct_list_is_sent_once_as_json()
    {
        var lists = new DistinctTagLists();
        IReadOnlyList<string> shared = ["orders", "lab"];

        int[] indexes =
        [
            lists.IndexOf(shared),
            lists.IndexOf(shared),
            lists.IndexOf(["orders", "lab"]),
            lists.IndexOf([]),
            lists.IndexOf(["lab", "orders"]),
            lists.IndexOf(["orders", "lab"]),
        ];

        Assert.Equal([1, 1, 1, 2, 3, 1], indexes);
        Assert.Equal(["[\"orders\",\"lab\"]", "[]", "[\"lab\",\"orders\"]"], lists.Json);
    }
}
